from companion.errors import CompanionError


class DeviceError(CompanionError, OSError):
    """A device that cannot be used. ``setting`` names the configuration key to change, as
    ``section.key`` (shown as "[section] key", the way the settings file reads). ``fix`` is
    the one command that repairs it, when the fault is the installation, not the settings."""

    def __init__(self, device: str, problem: str, setting: str, hint: str = "", fix: str = ""):
        self.device, self.problem, self.setting, self.hint, self.fix = device, problem, setting, hint, fix
        if fix:
            text = f"{device}: {problem}. Fix it with: {fix}"
        else:
            text = f"{device}: {problem}. Change {self.where} in the settings file"
            text += f" ({hint})" if hint else ""
        text += ", or run `companion demo` to use the simulated table."
        super().__init__(text)

    @property
    def where(self) -> str:
        section, _, key = self.setting.partition(".")
        return f"[{section}] {key}" if key else f"[{section}]"
