import threading
import time

from toulmin._parallel import ItemPool


def test_costliest_items_start_first_and_results_keep_input_order():
    started: list[int] = []
    lock = threading.Lock()

    def run(x: int) -> int:
        with lock:
            started.append(x)
        time.sleep(0.001 * x)
        return x * 10

    items = [1, 5, 2, 9, 3]
    assert ItemPool(2, "t").map(run, items, cost=lambda x: x) == [10, 50, 20, 90, 30]
    assert set(started[:2]) == {9, 5}  # both workers begin with the two longest items

