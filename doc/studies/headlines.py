"""The headline figures a study hands to doc/fidelity.md (doc/studies/fidelity.py reads them)."""
import json
import os

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def write_headlines(study, figures):
    """Writes doc/studies/results/<study>.json: {figure name: value}."""
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, study + ".json"), "w") as f:
        json.dump(figures, f, indent=1, sort_keys=True)
        f.write("\n")
