import threading
import time

import pytest

from toulmin._parallel import ItemPool, cpu_session


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



def test_the_item_left_over_runs_on_every_core_and_order_is_kept() -> None:
    wide: list[int] = []

    def spare(x: int) -> int:
        wide.append(x)
        return x * 10

    pool = ItemPool(2, "t")
    assert pool.map(lambda x: x * 10, [4, 1, 7], cost=lambda x: x, spare=spare) == [40, 10, 70]
    assert wide == [1]  # the cheapest one, after the others
    assert pool.map(lambda x: x * 10, [3], spare=spare) == [30] and wide == [1, 3]
    assert pool.map(lambda x: x * 10, [3, 5], cost=lambda x: x, spare=spare) == [30, 50]
    assert wide == [1, 3]  # two items fill both workers: nothing left over
    assert ItemPool(1, "t").map(lambda x: x * 10, [3], spare=spare) == [30] and wide == [1, 3]


def test_a_session_on_several_threads_lets_them_sleep_between_runs() -> None:
    """Spinning worker threads hold a core after each run, slowing the next stage."""
    from toulmin.checker.onnx import shipped_model_dir

    model = str(shipped_model_dir("fast") / "model.onnx")
    wide = cpu_session(model, threads=2).get_session_options()
    assert wide.intra_op_num_threads == 2
    assert wide.get_session_config_entry("session.intra_op.allow_spinning") == "0"
    spin = cpu_session(model, threads=2, spinning=True).get_session_options()
    with pytest.raises(RuntimeError):  # onnxruntime's default: the entry is not set at all
        spin.get_session_config_entry("session.intra_op.allow_spinning")
