"""Settings: one TOML file, every key documented and defaulted (see ``settings.py``)."""

from companion.config.settings import (
    Config,
    ConfigError,
    load_config,
    reference_markdown,
)

__all__ = ["Config", "ConfigError", "load_config", "reference_markdown"]
