use super::*;

#[test]
fn first_rank_uses_base_port() {
    assert_eq!(worker_port(9000, 0), 9000);
}

#[test]
fn ranks_do_not_share_the_side_port() {
    assert_eq!(worker_port(9000, 1), 9002);
}
