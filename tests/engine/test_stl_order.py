"""topk's and unstable sort's order of equal values: libstdc++'s partial sort, nth_element
and introsort steps, against the indices PyTorch 2.13's CPU topk and sort returned."""
import pytest

from gradcli.engine.stl_order import sort, sort_indices, topk_indices

NAN = float("nan")
TIES = [3.0, 1.0, 3.0, 2.0, 3.0, 1.0, 2.0, 2.0, 1.0, 3.0, 0.5, 3.0]
SIGNED_ZEROS = [0.0, -0.0, 0.0, NAN, 1.0, NAN, 1.0, 1.0, -1.0, 0.0, 2.0, 2.0]


@pytest.mark.parametrize("values, k, largest, is_sorted, torch_indices", [
    (TIES, 4, True, True, [9, 0, 4, 2]),  # nth_element, then std::sort of the first k - 1
    (TIES, 3, False, True, [10, 8, 5]),
    (SIGNED_ZEROS, 5, True, False, [3, 5, 11, 10, 7]),  # nan largest; unsorted: as left
    ([float(i % 7) for i in range(130)], 2, True, False, [13, 6]),  # partial_sort: k*64 <= n
    ([float(i % 5) for i in range(70)], 1, False, True, [0]),
    ([2.0, 2.0, 2.0], 3, True, False, [0, 1, 2]),
    ([1.0, 2.0], 0, True, True, []),
])
def test_topk_indices_are_torchs(values, k, largest, is_sorted, torch_indices):
    assert topk_indices(values, k, largest, is_sorted) == torch_indices


def test_sort_sorts_long_lists():
    # past 16 elements std::sort partitions, then finishes with an insertion sort
    values = [(v * 37) % 101 for v in range(300)]
    sort(values, 0, len(values), lambda x, y: x < y)
    assert values == sorted(values)


def test_unstable_sort_is_torchs():
    # torch.sort(stable=False) on 20 values with ties: std::sort's introsort, not input order
    values = [float(i * 7 % 5) for i in range(20)]
    assert sort_indices(values, False) == [0, 5, 15, 10, 18, 3, 13, 8, 1, 16, 11, 6, 9, 14, 4,
                                           19, 12, 7, 17, 2]
    assert sort_indices(values, True) == [2, 17, 7, 12, 19, 4, 14, 9, 1, 16, 11, 6, 8, 13, 3,
                                          18, 10, 15, 5, 0]
