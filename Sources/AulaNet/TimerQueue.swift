/// Timers of one loop: a binary min-heap of deadlines; cancelled timers are
/// forgotten at once and their heap entries skipped (and compacted) lazily.
struct TimerQueue {
    private struct Entry {
        var deadline: Double
        var id: TimerID  // ids grow, so equal deadlines fire in scheduling order

        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && id < other.id)
        }
    }

    private var heap: [Entry] = []
    private var actions: [TimerID: () -> Void] = [:]
    private var nextID: TimerID = 1

    var count: Int { actions.count }

    mutating func add(deadline: Double, _ action: @escaping () -> Void) -> TimerID {
        let id = nextID
        nextID += 1
        actions[id] = action
        push(Entry(deadline: deadline, id: id))
        return id
    }

    mutating func cancel(_ id: TimerID) {
        guard actions.removeValue(forKey: id) != nil else { return }
        if heap.count > 64 && heap.count > 2 * actions.count { compact() }
    }

    /// The earliest live deadline, if any.
    mutating func nextDeadline() -> Double? {
        dropCancelledTop()
        return heap.first?.deadline
    }

    /// Removes and returns the earliest timer due at or before `time`.
    mutating func popDue(notAfter time: Double) -> (() -> Void)? {
        dropCancelledTop()
        guard let top = heap.first, top.deadline <= time else { return nil }
        popTop()
        return actions.removeValue(forKey: top.id)
    }

    private mutating func dropCancelledTop() {
        while let top = heap.first, actions[top.id] == nil { popTop() }
    }

    private mutating func compact() {
        heap.removeAll { actions[$0.id] == nil }
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            let right = left + 1
            if right < heap.count && heap[right].precedes(heap[left]) { smallest = right }
            guard heap[smallest].precedes(heap[parent]) else { return }
            heap.swapAt(smallest, parent)
            parent = smallest
        }
    }
}
