"""The orders libstdc++'s std::nth_element, std::sort and heap algorithms leave a list in,
step by step: torch's CPU topk and its sort with stable=False (the default) run them on
(value, index) pairs compared by value only, so the order of equal values (and of topk's
whole result with sorted=False) is theirs.

Each function works in place on a Python list `a` between positions `first` and `last` with
`less(x, y)`, as its libstdc++ namesake (bits/stl_algo.h, bits/stl_heap.h) on iterators.
"""
from __future__ import annotations

from collections.abc import Callable

Less = Callable[[object, object], bool]
_THRESHOLD = 16  # std::sort's _S_threshold


def _lg(n: int) -> int:
    return n.bit_length() - 1


# ---- heaps ------------------------------------------------------------------------------
def _push_heap(a, first, hole, top, value, less) -> None:
    parent = (hole - 1) // 2
    while hole > top and less(a[first + parent], value):
        a[first + hole] = a[first + parent]
        hole, parent = parent, (parent - 1) // 2
    a[first + hole] = value


def _adjust_heap(a, first, hole, length, value, less) -> None:
    top = child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if less(a[first + child], a[first + child - 1]):
            child -= 1
        a[first + hole] = a[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[first + hole] = a[first + child - 1]
        hole = child - 1
    _push_heap(a, first, hole, top, value, less)


def _make_heap(a, first, last, less) -> None:
    length = last - first
    if length < 2:
        return
    for parent in range((length - 2) // 2, -1, -1):
        _adjust_heap(a, first, parent, length, a[first + parent], less)


def _pop_heap(a, first, last, result, less) -> None:
    value, a[result] = a[result], a[first]
    _adjust_heap(a, first, 0, last - first, value, less)


def sort_heap(a, first, last, less) -> None:
    while last - first > 1:
        last -= 1
        _pop_heap(a, first, last, last, less)


def _heap_select(a, first, middle, last, less) -> None:
    _make_heap(a, first, middle, less)
    for i in range(middle, last):
        if less(a[i], a[first]):
            _pop_heap(a, first, middle, i, less)


# ---- partitions, insertion sort ---------------------------------------------------------
def _move_median_to_first(a, result, x, y, z, less) -> None:
    if less(a[x], a[y]):
        pick = y if less(a[y], a[z]) else z if less(a[x], a[z]) else x
    else:
        pick = x if less(a[x], a[z]) else z if less(a[y], a[z]) else y
    a[result], a[pick] = a[pick], a[result]


def _unguarded_partition(a, first, last, pivot, less) -> int:
    while True:
        while less(a[first], a[pivot]):
            first += 1
        last -= 1
        while less(a[pivot], a[last]):
            last -= 1
        if not first < last:
            return first
        a[first], a[last] = a[last], a[first]
        first += 1


def _partition_pivot(a, first, last, less) -> int:
    mid = first + (last - first) // 2
    _move_median_to_first(a, first, first + 1, mid, last - 1, less)
    return _unguarded_partition(a, first + 1, last, first, less)


def _linear_insert(a, last, less) -> None:
    value, previous = a[last], last - 1
    while less(value, a[previous]):
        a[last] = a[previous]
        last, previous = previous, previous - 1
    a[last] = value


def _insertion_sort(a, first, last, less) -> None:
    for i in range(first + 1, last):
        if less(a[i], a[first]):  # the smallest yet: everything before it moves up one
            value = a[i]
            a[first + 1:i + 1] = a[first:i]
            a[first] = value
        else:
            _linear_insert(a, i, less)


# ---- the algorithms ---------------------------------------------------------------------
def nth_element(a, first, nth, last, less) -> None:
    if first == last or nth == last:
        return
    depth = _lg(last - first) * 2
    while last - first > 3:
        if depth == 0:
            _heap_select(a, first, nth + 1, last, less)
            a[first], a[nth] = a[nth], a[first]
            return
        depth -= 1
        cut = _partition_pivot(a, first, last, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(a, first, last, less)


def _introsort_loop(a, first, last, depth, less) -> None:
    while last - first > _THRESHOLD:
        if depth == 0:
            _heap_select(a, first, last, last, less)
            sort_heap(a, first, last, less)
            return
        depth -= 1
        cut = _partition_pivot(a, first, last, less)
        _introsort_loop(a, cut, last, depth, less)
        last = cut


def sort(a, first, last, less) -> None:
    if first == last:
        return
    _introsort_loop(a, first, last, _lg(last - first) * 2, less)
    if last - first > _THRESHOLD:
        _insertion_sort(a, first, first + _THRESHOLD, less)
        for i in range(first + _THRESHOLD, last):
            _linear_insert(a, i, less)
    else:
        _insertion_sort(a, first, last, less)


# ---- torch's CPU sort and topk (aten/src/ATen/native/cpu/SortingKernel.cpp, TopKImpl.h) ---
def value_less(largest: bool) -> Less:
    """torch's comparators on (value, index) pairs (KeyValueCompAsc/Desc, TopKComparator):
    by value only, nan counting as the largest value; `largest`: the largest first."""
    def nan(v) -> bool:
        return v != v

    if largest:
        return lambda x, y: (nan(x[0]) and not nan(y[0])) or x[0] > y[0]
    return lambda x, y: (not nan(x[0]) and nan(y[0])) or x[0] < y[0]


def topk_indices(values: list, k: int, largest: bool, sorted: bool) -> list[int]:
    """The indices torch's topk_impl_loop returns for one row of values: std::partial_sort
    when k * 64 <= the row's length (sorted either way), else std::nth_element, then
    std::sort of the first k - 1 if sorted."""
    n, less = len(values), value_less(largest)
    queue = [(v, j) for j, v in enumerate(values)]
    if k == 0:
        return []
    if k * 64 <= n:
        _heap_select(queue, 0, k, n, less)
        sort_heap(queue, 0, k, less)
    else:
        nth_element(queue, 0, k - 1, n, less)
        if sorted:
            sort(queue, 0, k - 1, less)
    return [j for _, j in queue[:k]]


def sort_indices(values: list, descending: bool) -> list[int]:
    """The permutation torch's unstable CPU sort (std::sort on (value, index) pairs) gives."""
    pairs = [(v, j) for j, v in enumerate(values)]
    sort(pairs, 0, len(pairs), value_less(descending))
    return [j for _, j in pairs]


# ---- torch's CPU median and kthvalue (aten/src/ATen/native/Sorting.cpp) -----------------
def _nan(v) -> bool:
    return v != v


def median_index(values: list, ignore_nan: bool) -> int:
    """The index torch's median_with_indices_impl picks in one row: the first nan (median);
    else std::nth_element of the indices by (value, index), nans last (nanmedian), at the
    lower middle of the values that count."""
    if not ignore_nan and any(map(_nan, values)):
        return next(j for j, v in enumerate(values) if _nan(v))
    counted = len(values) - (sum(map(_nan, values)) if ignore_nan else 0)
    nth = int((counted - 1) / 2)  # (C++'s division truncates: -1 / 2 is 0)
    order = list(range(len(values)))
    nth_element(order, 0, nth, len(order), lambda i, j: values[i] < values[j] or (
        values[i] == values[j] and i < j) or (_nan(values[j]) and not _nan(values[i])))
    return order[nth]


def kth_index(values: list, k: int) -> int:
    """The index torch's kthvalue picks for the k-th smallest (from 1) of one row: TH's
    quick_select_template (Sedgewick's partition, median of three), nan as the largest."""
    def greater(x, y) -> bool:
        return (_nan(x) and not _nan(y)) or x > y

    a, index = list(values), list(range(len(values)))

    def swap(i, j) -> None:
        a[i], a[j] = a[j], a[i]
        index[i], index[j] = index[j], index[i]

    k, left, right = k - 1, 0, len(a) - 1
    while right > left:
        if right == left + 1:
            if greater(a[left], a[right]):
                swap(left, right)
            break
        swap((left + right) >> 1, left + 1)
        for i, j in ((left + 1, right), (left, right), (left + 1, left)):
            if greater(a[i], a[j]):
                swap(i, j)
        i, j, pivot = left + 1, right, a[left]
        while True:
            i += 1
            while greater(pivot, a[i]):
                i += 1
            j -= 1
            while greater(a[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(left, j)
        if j <= k:
            left = i
        if j >= k:
            right = j - 1
    return index[k]
