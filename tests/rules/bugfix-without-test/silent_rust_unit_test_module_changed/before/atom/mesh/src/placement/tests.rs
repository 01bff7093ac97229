use super::*;

#[test]
fn first_rank_uses_base_port() {
    assert_eq!(worker_port(9000, 0), 9000);
}
