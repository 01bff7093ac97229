def step(drafter, positions, hidden, sampling):
    drafter.absorb(positions, hidden, will_propose=sampling)
