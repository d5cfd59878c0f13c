#!/usr/bin/env python3
"""A scripted Client Resources admin API for hubctl's end-to-end tests (issue 48): a server that
lists what it is told to, fails the deletes it is told to, and holds or answers early an upload.

    bundle_admin_peer.py HOST DIR

DIR/config.json (read at start):
    {"list": [entity, ...],                  the answer to GET ApplicationResourceBundles
     "deleteStatus": {"VERSION": status},    DELETE of that BundleVersion (default 204)
     "put": "normal" | "hold" | "early-close",
     "hold": N}                              bytes read of an upload before holding it
Every request is logged as "METHOD PATH" lines in DIR/requests. The bytes of an upload that were
read go to DIR/body, and DIR/uploaded is created once the upload is read to its end or cut off. "hold": after N bytes, DIR/held is created and the upload is left unread
until DIR/release exists (at most 60 s), then read to its end. "early-close": 201 is answered as
soon as the request's head is read, with Connection: close, and the connection closed 2 s later
with the body unread.
The port (any free one) is written to DIR/port once listening. The server stops after 120 s, or
when its parent closes stdin.
"""
import json
import os
import socket
import sys
import threading
import time


def write(path, data):
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)


def main():
    host, directory = sys.argv[1:3]
    with open(os.path.join(directory, "config.json")) as f:
        config = json.load(f)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, 0))
    listener.listen(16)
    lock = threading.Lock()

    def log(line):
        with lock:
            with open(os.path.join(directory, "requests"), "a") as f:
                f.write(line + "\n")

    def answer(conn, status, reason, body=b"", close=False):
        head = "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s\r\n" % (
            status, reason, len(body), "Connection: close\r\n" if close else "")
        conn.sendall(head.encode() + body)

    def serve(conn):
        buffer = b""
        try:
            while True:
                while b"\r\n\r\n" not in buffer:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    buffer += chunk
                head, _, buffer = buffer.partition(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path = lines[0].split(" ")[0:2]
                length = 0
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                log(method + " " + path)
                if method == "PUT":
                    mode = config.get("put", "normal")
                    if mode == "early-close":
                        answer(conn, 201, "Created", close=True)
                        time.sleep(2)
                        return
                    received = bytearray(buffer[:length])
                    buffer = buffer[length:]
                    hold = config.get("hold", 0) if mode == "hold" else -1
                    held = False
                    while len(received) < length:
                        if hold >= 0 and not held and len(received) >= hold:
                            held = True
                            write(os.path.join(directory, "body"), bytes(received))
                            write(os.path.join(directory, "held"), b"")
                            release = os.path.join(directory, "release")
                            for _ in range(3000):
                                if os.path.exists(release):
                                    break
                                time.sleep(0.02)
                        want = length - len(received)
                        if hold >= 0 and not held:
                            want = min(want, hold - len(received))
                        chunk = conn.recv(min(65536, want))
                        if not chunk:
                            break
                        received += chunk
                    write(os.path.join(directory, "body"), bytes(received))
                    write(os.path.join(directory, "uploaded"), b"")
                    if len(received) < length:
                        return
                    answer(conn, 204, "No Content")
                    continue
                body = buffer[:length]
                while len(body) < length:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    body += chunk
                buffer = body[length:]
                if method == "GET":
                    answer(conn, 200, "OK", json.dumps({"value": config.get("list", [])}).encode())
                elif method == "POST":
                    answer(conn, 201 if path.endswith("ApplicationResourceBundles") else 200, "OK", b"{}")
                elif method == "DELETE":
                    status = 204
                    for version, code in config.get("deleteStatus", {}).items():
                        if ("BundleVersion='%s'" % version) in path:
                            status = code
                    if status == 204:
                        answer(conn, 204, "No Content")
                    else:
                        answer(conn, status, "Failed", json.dumps({"error": {"message": "the store is read-only now"}}).encode())
                else:
                    answer(conn, 405, "Method Not Allowed")
        except OSError:
            return
        finally:
            conn.close()

    def accept():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    write(os.path.join(directory, "port"), str(listener.getsockname()[1]).encode())
    stopper = threading.Thread(target=lambda: sys.stdin.read(), daemon=True)
    stopper.start()
    stopper.join(120)
    listener.close()


if __name__ == "__main__":
    main()
