"""A small API client of the banking platform in Python 3, standard library only.

It proves `banking-api-conformance client -- COMMAND` is language-neutral: the
command gives it BANKING_API_BASE_URL, BANKING_API_TOKEN and BANKING_API_ACCOUNT_ID
and judges every request it makes. It opts the account in to check positive pay,
creates a rule, subscribes a webhook, reads the events, resends one, and cleans up.
Used by test/client/clientKillMatrix.test.ts (a tolerated variation).
"""

import datetime
import json
import os
import sys
import urllib.error
import urllib.request

JSON_API = "application/vnd.api+json"

base_url = os.environ["BANKING_API_BASE_URL"].rstrip("/")
token = os.environ["BANKING_API_TOKEN"]
account_id = os.environ["BANKING_API_ACCOUNT_ID"]
account = {"account": {"data": {"type": "account", "id": account_id}}}


def call(method, path, document=None):
    """One call; the answer's JSON:API document, or None when it has no body."""
    headers = {"Authorization": "Bearer " + token, "Accept": JSON_API}
    body = None
    if document is not None:
        headers["Content-Type"] = JSON_API
        body = json.dumps(document).encode("utf-8")
    request = urllib.request.Request(base_url + path, data=body, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            text = answer.read()
    except urllib.error.HTTPError as error:
        sys.exit("%s %s answered %d: %s" % (method, path, error.code, error.read()[:200]))
    return json.loads(text) if text else None


def resource(kind, attributes, relationships=None):
    data = {"type": kind, "attributes": attributes}
    if relationships:
        data["relationships"] = relationships
    return {"data": data}


call("POST", "/positive-pay-policy", resource("positivePayPolicy", {"optInTypes": ["CheckPayment"]}, account))

expires = (datetime.date.today() + datetime.timedelta(days=30)).isoformat()
rule = call(
    "POST",
    "/positive-pay",
    resource("checkPaymentPositivePay", {"checkNumber": "2001", "amount": 4200, "expirationDate": expires}, account),
)["data"]

webhook = call(
    "POST",
    "/webhooks",
    resource(
        "webhook",
        {
            "label": "python client",
            "url": "http://127.0.0.1:9/unused",
            "token": "python-client-signing-token",
            "contentType": "Json",
            "deliveryMode": "AtMostOnce",
        },
    ),
)["data"]

call("POST", "/positive-pay/%s/cancel" % rule["id"])
call("POST", "/webhooks/%s/disable" % webhook["id"])

events = call("GET", "/events?page[limit]=100")["data"]
if events:
    call("POST", "/events/%s" % events[0]["id"], {})
print("python client: one rule, one webhook, %d events read" % len(events))
