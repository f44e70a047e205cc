/// A binary min-heap: the smallest element first, `push` and `pop` in O(log n). The transfer
/// queue keeps its hosts in two of them (by oldest request, by when a host may be asked again),
/// so choosing the next transfer costs the same for ten hosts or ten thousand.
struct MinHeap<Element: Comparable> {
    private var elements: [Element] = []

    var isEmpty: Bool { elements.isEmpty }
    var count: Int { elements.count }
    var first: Element? { elements.first }

    mutating func push(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let smallest = elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smaller = parent
            if left < elements.count && elements[left] < elements[smaller] { smaller = left }
            if right < elements.count && elements[right] < elements[smaller] { smaller = right }
            guard smaller != parent else { break }
            elements.swapAt(parent, smaller)
            parent = smaller
        }
        return smallest
    }
}
