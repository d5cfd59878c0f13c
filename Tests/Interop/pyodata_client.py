#!/usr/bin/env python3
"""An independent OData V2 client against hubctl-emulator: SAP's pyodata (from PyPI) over requests.

Run by Tests/EndToEndTests/InteropEndToEndTests.swift; `make test` installs pyodata when missing
(`make deps`, scripts/install-pip.sh). Prints one JSON document on stdout; exits non-zero on any failure.

    pyodata_client.py lifecycle SERVICE_URL USER PASSWORD
        create a connection, read it, update it with PATCH and with MERGE, read each change back,
        delete it and check that it is gone
    pyodata_client.py read SERVICE_URL USER PASSWORD ID
        print the connection's properties
    pyodata_client.py merge SERVICE_URL USER PASSWORD ID NAME=VALUE...
        update string properties with MERGE

SERVICE_URL is .../odata/applications/{version}/{appId}. The password comes from the environment
(INTEROP_PASSWORD) when PASSWORD is "-", so that it is not in the process list.
"""
import datetime
import json
import os
import sys

import pyodata
import requests
from pyodata.exceptions import HttpError


def client(url, user, password):
    session = requests.Session()
    session.auth = (user, os.environ["INTEROP_PASSWORD"] if password == "-" else password)
    # pyodata reads $metadata first and builds its model from it (types, keys, sets).
    return pyodata.Client(url, session), session


def plain(value):
    if isinstance(value, (datetime.datetime, datetime.date)):
        return value.isoformat()
    return value


def properties(entity, service):
    connection = service.schema.entity_type("Connection")
    return {p.name: plain(getattr(entity, p.name)) for p in connection.proprties()}


def read(service, session, connection_id):
    session.headers["X-SMP-APPCID"] = connection_id
    return service.entity_sets.Connections.get_entity(connection_id).execute()


def lifecycle(service, session):
    steps = {}
    schema_types = sorted(t.name for t in service.schema.entity_types)
    steps["entityTypes"] = schema_types
    created = service.entity_sets.Connections.create_entity().set(
        DeviceModel="pyodata-model", DeviceType="Linux", ApnsPushEnable=True).execute()
    connection_id = created.ApplicationConnectionId
    steps["created"] = connection_id
    entity = read(service, session, connection_id)
    steps["readDeviceModel"] = entity.DeviceModel
    steps["readApnsPushEnable"] = entity.ApnsPushEnable
    steps["createdAtType"] = type(entity.CreatedAt).__name__

    service.entity_sets.Connections.update_entity(connection_id, method="PATCH").set(
        DeviceModel="patched-by-pyodata").execute()
    steps["afterPatch"] = read(service, session, connection_id).DeviceModel

    service.entity_sets.Connections.update_entity(connection_id, method="MERGE").set(
        Email="merge@example.com", BlackberryBESListenerPort=4242).execute()
    merged = read(service, session, connection_id)
    steps["afterMerge"] = {"Email": merged.Email, "BlackberryBESListenerPort": merged.BlackberryBESListenerPort,
                           "DeviceModel": merged.DeviceModel}

    # A read-only property is ignored by the server, as SAP's tutorial shows for UserName on create
    # (docs/protocol.md §13): the update is accepted and the server keeps its own value.
    try:
        service.entity_sets.Connections.update_entity(connection_id, method="PATCH").set(
            CustomizationBundleId="x:1").execute()
        steps["readOnlyAnswer"] = 204
    except HttpError as error:
        steps["readOnlyAnswer"] = error.response.status_code
    steps["readOnlyAfter"] = read(service, session, connection_id).CustomizationBundleId

    # SMP answers a DELETE with 200 (docs/protocol.md §6); pyodata expects 204 and says so with an
    # HttpError that carries the answer, which is then checked here.
    try:
        service.entity_sets.Connections.delete_entity(connection_id).execute()
        steps["deleteStatus"] = 204
    except HttpError as error:
        steps["deleteStatus"] = error.response.status_code
    gone = session.get(service.url + "/Connections('" + connection_id + "')", headers={"Accept": "application/json"})
    steps["afterDeleteStatus"] = gone.status_code
    return steps


def main(argv):
    if len(argv) < 5:
        print(__doc__, file=sys.stderr)
        return 64
    command, url, user, password = argv[1:5]
    service, session = client(url, user, password)
    if command == "lifecycle":
        result = lifecycle(service, session)
    elif command == "read":
        result = properties(read(service, session, argv[5]), service)
    elif command == "merge":
        connection_id = argv[5]
        session.headers["X-SMP-APPCID"] = connection_id
        values = dict(item.split("=", 1) for item in argv[6:])
        service.entity_sets.Connections.update_entity(connection_id, method="MERGE").set(**values).execute()
        result = properties(read(service, session, connection_id), service)
    else:
        print(__doc__, file=sys.stderr)
        return 64
    json.dump(result, sys.stdout, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
