#!/usr/bin/env python3
"""A loopback TCP relay for tests: every new connection is passed to 127.0.0.1:TARGET, and the
server's first bytes on it (a TLS ServerHello, for one) are held back DELAY seconds, so a client's
TLS handshake over it takes at least that long. Prints "listening on PORT" once it accepts, then
relays until it is terminated. Usage: slow-relay.py TARGET_PORT DELAY_SECONDS"""
import asyncio
import sys


async def pipe(reader, writer, delay):
    try:
        first = True
        while True:
            data = await reader.read(65536)
            if not data:
                break
            if first and delay > 0:
                await asyncio.sleep(delay)
            first = False
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def main():
    target, delay = int(sys.argv[1]), float(sys.argv[2])

    async def handle(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, server_writer, 0), pipe(server_reader, client_writer, delay))

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    print(f"listening on {port}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
