"""The workbench's pages, and one of ours: what the platform stored, for the check to compare."""
import json
import os

from django.http import JsonResponse
from django.urls import path
from workbench.models import XBlockState
from workbench.scenarios import get_scenarios
from workbench.urls import urlpatterns as workbench_urls


def stored(_request):
    """Every field the blocks stored (per scope and learner), each unit's usage id and the
    events the blocks published."""
    events = os.path.join(os.environ["RETRYLAB_VAR"], "events.jsonl")
    published = []
    if os.path.exists(events):
        with open(events, encoding="utf-8") as f:
            published = [json.loads(line) for line in f if line.strip()]
    return JsonResponse({
        "units": {name: scenario.usage_id for name, scenario in get_scenarios().items()},
        "state": [
            {"scope": s.scope, "scope_id": s.scope_id, "user_id": s.user_id, "fields": json.loads(s.state)}
            for s in XBlockState.objects.all()
        ],
        "events": published,
    })


urlpatterns = [path("retry-lab/stored/", stored), *workbench_urls]
