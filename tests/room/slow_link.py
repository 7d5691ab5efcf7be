"""A TCP relay on loopback between a table and the room's broker, for the tests that
make the broker slow or silent (bounded in time: it stops with the test).

    link = SlowLink(broker_port).start()      # the table connects to link.port
    link.delay_s = 0.15       # every chunk waits this long, each way (a slow broker)
    link.silent = True        # connections are taken and nothing is ever answered
                              # (a broker whose host is gone: the TLS handshake waits)
    link.cut()                # every connection through it closed (a broker restarted)
    link.stop()
"""
import socket
import threading
import time


class SlowLink:
    def __init__(self, broker_port, host="127.0.0.1"):
        self.broker = (host, broker_port)
        self.delay_s = 0.0
        self.silent = False
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind((host, 0))
        self.port = self.listener.getsockname()[1]
        self.socks = []
        self.lock = threading.Lock()
        self.running = False

    def start(self):
        self.listener.listen(16)
        self.listener.settimeout(0.2)
        self.running = True
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def stop(self):
        self.running = False
        self.cut()
        self.listener.close()

    def cut(self):
        with self.lock:
            socks, self.socks = self.socks, []
        for s in socks:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def _accept(self):
        while self.running:
            try:
                table, _ = self.listener.accept()
            except OSError:
                continue
            with self.lock:
                self.socks.append(table)
            if self.silent:
                continue            # taken, never answered (closed by cut or stop)
            try:
                broker = socket.create_connection(self.broker, 2)
            except OSError:
                table.close()
                continue
            with self.lock:
                self.socks.append(broker)
            threading.Thread(target=self._pipe, args=(table, broker), daemon=True).start()
            threading.Thread(target=self._pipe, args=(broker, table), daemon=True).start()

    def _pipe(self, src, dst):
        try:
            while self.running:
                data = src.recv(65536)
                if not data:
                    break
                if self.delay_s:
                    time.sleep(self.delay_s)
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
