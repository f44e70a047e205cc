import Foundation
import LarderCore

/// What one input file may still expand to (`InputLimits.decompressionBudget`), shared by every
/// level that decompresses inside it: the archive's entries, the archives among them, and the
/// compressed files the readers open (Paprika's gzip'd recipes), on whichever thread. Each asks
/// for `room` before it decompresses and gives the bytes it got to `spend`, so the reading stops
/// at the first byte past the budget, however the bytes are nested.
final class DecompressionBudget: @unchecked Sendable {
    let limit: Int
    let limits: InputLimits
    private let lock = NSLock()
    private var spent = 0

    /// The budget of a file of `size` bytes on disk.
    init(fileBytes size: Int, limits: InputLimits) {
        self.limit = limits.decompressionBudget(forFileOf: size)
        self.limits = limits
    }

    var room: Int {
        lock.withLock { max(0, limit - spent) }
    }

    func spend(_ bytes: Int) {
        lock.withLock { spent += bytes }
    }

    /// Why the rest of the input is not read.
    var exceeded: String {
        "everything in it together expands past \(InputLimits.Exceeded.size(limit)), Larder's limit for this input "
            + "(\(limits.maxExpansion) times its size, at least \(InputLimits.Exceeded.size(limits.minDecompressionBudget)), at most \(InputLimits.Exceeded.size(limits.maxArchiveBytes)))"
    }
}
