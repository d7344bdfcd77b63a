"""The small host module the SCORM check runs Open edX's SCORM XBlock with, in the XBlock SDK's
workbench, without changing either: what the LMS gives an XBlock and the workbench does not."""
