def hop(packet, ttl):
    started = packet.time  # the same dead local as before: not this PR's
    hops = ttl - 1
    return packet.forward(hops)
