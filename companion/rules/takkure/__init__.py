"""Takkure rules: D12 rolls (``rolls``) and the time dashboard (``time_dashboard``)."""
