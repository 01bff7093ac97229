def step(drafter, positions, hidden):
    drafter.absorb(positions, hidden)
