from routekit.peer import Peer


def ring(hosts):
    return [Peer(h) for h in hosts]
