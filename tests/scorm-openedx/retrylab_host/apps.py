"""What the LMS gives the SCORM XBlock and the workbench does not, put in when Django starts."""
import json
import os

from django.apps import AppConfig


class RetryLabHost(AppConfig):
    name = "retrylab_host"

    def ready(self):
        from workbench import runtime, scenarios

        # The LMS's usage key has a string `block_id`; the workbench's mock location does not,
        # and the XBlock joins it into a storage path when a package is uploaded.
        patch = runtime.WorkbenchRuntime._patch_xblock

        def patch_xblock(rt, block):
            patch(rt, block)
            block.location.block_id = str(block.scope_ids.usage_id).replace(".", "-")

        runtime.WorkbenchRuntime._patch_xblock = patch_xblock

        # The LMS's handler URLs carry no query; the workbench's end in `?student=…`, which the
        # XBlock's asset URLs would carry into the package's paths (it appends them). One
        # learner here: the workbench's default one, `student_1`.
        handler_url = runtime.WorkbenchRuntime.handler_url

        def lms_handler_url(rt, block, handler_name, suffix="", query="", thirdparty=False):
            url = handler_url(rt, block, handler_name, suffix, query, thirdparty)
            return url.replace(f"?student={block.scope_ids.user_id}&", "?").replace(
                f"?student={block.scope_ids.user_id}", ""
            )

        runtime.WorkbenchRuntime.handler_url = lms_handler_url

        # The user as the LMS's user service names them.
        user_init = runtime.WorkBenchUserService.__init__

        def user_service(svc, uid):
            user_init(svc, uid)
            svc._user.opt_attrs["edx-platform.user_id"] = 7
            svc._user.opt_attrs["edx-platform.username"] = str(uid)

        runtime.WorkBenchUserService.__init__ = user_service

        # What the block publishes (grade, completion), one JSON line each, as the LMS would
        # receive it.
        events = os.path.join(os.environ["RETRYLAB_VAR"], "events.jsonl")

        def publish(rt, block, event_type, event_data):
            with open(events, "a", encoding="utf-8") as f:
                line = {"usage_id": str(block.scope_ids.usage_id), "type": event_type, "data": event_data}
                f.write(json.dumps(line, default=str) + "\n")

        runtime.WorkbenchRuntime.publish = publish

        # The units the check needs (RETRYLAB_UNITS, comma-separated), each the SCORM block
        # alone, by its entry point `scorm` (the XBlock's own scenario names `openedxscorm`,
        # which is not its entry point).
        def init_scenarios():
            scenarios.SCENARIOS.clear()
            runtime.WORKBENCH_KVS.prep_for_scenario_loading()
            for unit in os.environ.get("RETRYLAB_UNITS", "unit").split(","):
                scenarios.add_xml_scenario(unit, f"retry lab {unit}", "<scorm/>")

        scenarios.init_scenarios = init_scenarios
