"""Workbench settings for the SCORM check: the SDK's own, with the database, the uploaded
packages and the platform's events in RETRYLAB_VAR (a folder the check makes and removes)."""
import os

from workbench.settings import *  # noqa: F401,F403  pylint: disable=wildcard-import

VAR = os.environ["RETRYLAB_VAR"]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(VAR, "workbench.db")}}
# Where Django's default storage, and so the XBlock, unpacks each package.
MEDIA_ROOT = os.path.join(VAR, "media")
INSTALLED_APPS = [*INSTALLED_APPS, "retrylab_host.apps.RetryLabHost"]  # noqa: F405
ROOT_URLCONF = "retrylab_host.urls"
WORKBENCH = {"reset_state_on_restart": False}
# Only Django's warnings, on the server's standard error (the check keeps it for a failure).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler", "level": "WARNING"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
