"""tapete's host package: the audit, the serial link, the simulator, deployment.

The rule module is `tapete.rules`: the very files the Pico runs (firmware/rules/).
"""
__version__ = "0.1.0"
