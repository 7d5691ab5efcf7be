"""mqtt_as's API (Peter Hinch's client, which the Pico W runs) over PyPI's mqtt_async
(micropython-mqtt 0.7b4, a fork of mqtt_as for asyncio), for the table's firmware under
the MicroPython unix port in tests (tests/room/mqtt_as_lib.py). Only what the firmware
uses (table/mqtt_pub.py): `config`, `MQTTClient(config)` with connect, publish,
subscribe; subs_cb(topic, msg, retained), connect_coro(client), wifi_coro(up).

Where they differ:
- TLS: mqtt_async has none (it asserts ssl_params is None). Its connection opener, the
  module's `open_connection(addr)` (the seam it defines per platform), is replaced by
  one that opens the stream with asyncio's own TLS, handshake deferred (as mqtt_as with
  ssl_params' do_handshake off): ssl_params' cadata, cert_reqs and server_hostname.
- Its address: it resolves the broker with getaddrinfo and opens the first tuple's
  first two items, which on the unix port is a raw sockaddr; here (host, port, tls).
- Its connect has no time limit: here response_time bounds it, as mqtt_as's reads are;
  any failure (a TLS refusal is a ValueError) is an OSError, as mqtt_as's callers expect.
- subs_cb is given (topic, msg, retained, qos): here mqtt_as's three.
"""
import asyncio

import mpy_unix_net  # noqa: F401  (machine.unique_id and network, before mqtt_async)
import mqtt_async

config = {
    "client_id": "unix", "server": None, "port": 0, "user": "", "password": "",
    "keepalive": 60, "ping_interval": 0, "ssl": False, "ssl_params": {},
    "response_time": 10, "clean_init": True, "clean": True, "max_repubs": 4, "will": None,
    "subs_cb": lambda *_: None, "wifi_coro": None, "connect_coro": None, "ssid": None,
    "wifi_pw": None, "queue_len": 0, "gateway": False, "mqttv5": False, "mqttv5_con_props": None,
}


async def _open(addr):
    host, port, tls = addr
    if tls is None:
        return (await asyncio.open_connection(host, port))[0]
    import ssl
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.verify_mode = tls.get("cert_reqs", ssl.CERT_REQUIRED)
    if tls.get("cadata"):
        ctx.load_verify_locations(cadata=tls["cadata"])
    return (await asyncio.open_connection(host, port, ssl=ctx,
                                          server_hostname=tls.get("server_hostname", host)))[0]


mqtt_async.open_connection = _open


class MQTTClient(mqtt_async.MQTTClient):
    def __init__(self, cfg):
        c = mqtt_async.MQTTConfig()
        for key in ("client_id", "server", "port", "user", "password", "response_time", "clean",
                    "ssid"):
            setattr(c, key, cfg[key])
        c.wifi_pw = cfg["wifi_pw"]
        cb = cfg["subs_cb"]
        c.subs_cb = lambda topic, msg, retained, qos: cb(topic, msg, retained)
        c.wifi_coro = cfg["wifi_coro"]
        c.connect_coro = cfg["connect_coro"]
        self._tls = cfg["ssl_params"] if cfg["ssl"] else None
        super().__init__(c)

    def _dns_lookup(self):
        self._addr = (self._c.server, self._c.port, self._tls)

    async def connect(self, quick=False):
        try:
            await asyncio.wait_for(super().connect(), self._c.response_time)
        except OSError:
            raise
        except Exception as e:  # a TLS refusal, the broker's silence (TimeoutError)
            raise OSError(-1, repr(e))
