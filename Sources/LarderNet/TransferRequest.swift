import Foundation

/// One request from its submission to its answer: what to fetch, and whom to tell. A fetcher's
/// task makes it and waits; the multi loop's thread keeps it in its fetcher's `TransferQueue`
/// until the politeness limits let it start, then runs it as a `CurlTransfer`. Every field but
/// the constants is touched only on the loop's thread.
final class TransferRequest: @unchecked Sendable {
    enum State {
        /// Made, not yet seen by the loop.
        case new
        /// In its queue, waiting for its turn.
        case waiting
        /// On the wire.
        case running(CurlTransfer)
        /// Answered (or failed, or cancelled): its completion has been called.
        case done
    }

    let url: URL
    /// Lower-cased; the politeness limits count per host.
    let host: String
    let headers: [String: String]
    var state = State.new
    /// Cancelled before the loop saw it: it is answered with a cancellation as it arrives.
    var cancelledEarly = false
    /// Its order of arrival in its queue.
    var sequence: UInt64 = 0
    /// It ran, and its answer counts as unread until its reader says it has it.
    var awaitingReader = false
    private var completion: ((Result<CurlTransfer, Error>) -> Void)?

    init(url: URL, headers: [String: String]) {
        self.url = url
        self.host = url.host?.lowercased() ?? ""
        self.headers = headers
    }

    /// Set by the submitting task before it submits the request.
    func onCompletion(_ completion: @escaping (Result<CurlTransfer, Error>) -> Void) {
        self.completion = completion
    }

    var isWaiting: Bool {
        if case .waiting = state { return true }
        return false
    }

    /// Calls the completion once; later calls do nothing.
    func complete(_ result: Result<CurlTransfer, Error>) {
        state = .done
        guard let completion else { return }
        self.completion = nil
        completion(result)
    }
}
