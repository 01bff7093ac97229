"""Every MINIKERN_* environment variable, registered in one place."""
import os

MINIKERN_LOG_LEVEL = os.environ.get("MINIKERN_LOG_LEVEL", "INFO")
