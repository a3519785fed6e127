from .base import cli
