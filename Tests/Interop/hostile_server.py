#!/usr/bin/env python3
"""Misbehaving peers for hubctl's end-to-end tests (issue 39), on a loopback address.

    hostile_server.py close-second-post HOST PORTFILE COUNTFILE
        An HTTP/1.1 server with keep-alive. Every POST is read whole and counted (COUNTFILE holds
        the count, rewritten after each). The second POST is then answered with nothing: the
        connection is closed, as a server that crashed after acting on it would. Every other POST
        gets 202 with an empty push result list; a GET gets 404.

    hostile_server.py close-first-post HOST PORTFILE COUNTFILE
        The same, with the first POST left unanswered.

    hostile_server.py drip-post HOST PORTFILE COUNTFILE
        Every POST is read whole and counted, then answered 202 with a JSON body of 4,096 bytes
        (its Content-Length) dripped one byte every half second: an answer that never ends within
        a command's deadline (issue 48, item 13). A GET gets 404.

    hostile_server.py echo-credentials HOST PORTFILE COUNTFILE
        Every request is read whole and counted, then answered 400 with a JSON error whose
        message quotes the request's X-API-Key and Authorization headers: a server that echoes
        the credentials it was sent (issue 48, item 16).

    hostile_server.py record HOST PORTFILE COUNTFILE
        Accepts TCP connections (a proxy that should never be used), counts them in COUNTFILE and
        closes them without answering.

The port chosen (0: any free one) is written to PORTFILE once listening. The server stops after
60 s, or when its parent closes stdin.
"""
import socket
import sys
import threading


def write(path, text):
    with open(path + ".tmp", "w") as f:
        f.write(text)
    import os
    os.replace(path + ".tmp", path)


def read_request(conn, buffer, headers=None):
    """One request (head and Content-Length body) from conn; (method, rest of buffer) or None at EOF.
    headers, when given, receives the request's headers (lower-case names)."""
    while b"\r\n\r\n" not in buffer:
        chunk = conn.recv(65536)
        if not chunk:
            return None, buffer
        buffer += chunk
    head, _, rest = buffer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method = lines[0].split(" ")[0]
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if headers is not None:
            headers[name.strip().lower()] = value.strip()
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return None, b""
        rest += chunk
    return method, rest[length:]


def drip(conn):
    """202 with a 4,096-byte JSON body, one byte every half second, until the peer leaves."""
    import time
    body = b'{"status": null, "pushResults": []}'
    body += b" " * (4096 - len(body))
    conn.sendall(b"HTTP/1.1 202 Accepted\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n")
    try:
        for byte in body:
            conn.sendall(bytes([byte]))
            time.sleep(0.5)
    except OSError:
        return


def echo_credentials(conn, headers):
    """400 whose message quotes the credentials the request carried."""
    import json
    said = "refused X-API-Key %s and Authorization %s" % (headers.get("x-api-key", "-"), headers.get("authorization", "-"))
    body = json.dumps({"status": {"code": 400, "message": said}}).encode()
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nConnection: close\r\n"
                 + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def main():
    mode, host, port_file, count_file = sys.argv[1:5]
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, 0))
    listener.listen(16)
    lock = threading.Lock()
    state = {"count": 0}
    write(count_file, "0")
    write(port_file, str(listener.getsockname()[1]))

    def serve(conn):
        buffer = b""
        try:
            if mode == "record":
                return
            while True:
                headers = {}
                method, buffer = read_request(conn, buffer, headers)
                if method is None:
                    return
                if mode == "echo-credentials":
                    with lock:
                        state["count"] += 1
                        write(count_file, str(state["count"]))
                    echo_credentials(conn, headers)
                    return
                if mode == "drip-post" and method == "POST":
                    with lock:
                        state["count"] += 1
                        write(count_file, str(state["count"]))
                    drip(conn)
                    return
                if method == "POST":
                    with lock:
                        state["count"] += 1
                        n = state["count"]
                        write(count_file, str(n))
                    if n == (1 if mode == "close-first-post" else 2):
                        return
                    body = b'{"status": null, "pushResults": []}'
                    conn.sendall(b"HTTP/1.1 202 Accepted\r\nContent-Type: application/json\r\nConnection: keep-alive\r\n"
                                 + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
                else:
                    conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n")
        finally:
            conn.close()

    def accept():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            if mode == "record":
                with lock:
                    state["count"] += 1
                    write(count_file, str(state["count"]))
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    stopper = threading.Thread(target=lambda: sys.stdin.read(), daemon=True)
    stopper.start()
    stopper.join(60)
    listener.close()


if __name__ == "__main__":
    main()
