def hop(packet, ttl):
    started = packet.time
    return packet.forward(ttl - 1)
