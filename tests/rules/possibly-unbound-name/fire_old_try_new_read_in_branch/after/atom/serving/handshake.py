import socket


def negotiate(peer, timeout, strict=False):
    sock = socket.create_connection(peer, timeout=timeout)
    try:
        banner = sock.recv(64).decode()
        version = int(banner.split("/")[1])
    except (OSError, ValueError, IndexError):
        print("peer sent no usable banner")
    sock.sendall(b"HELLO\n")
    if strict:
        sock.sendall(b"VERSION %d\n" % version)  # expect[warn]: possibly-unbound-name
    return sock
