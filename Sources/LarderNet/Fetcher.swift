import Foundation

/// Fetches web addresses politely: many transfers at once on libcurl's multi loop, per-host
/// limits, retries with backoff, redirects checked hop by hop, and an optional on-disk cache.
///
///     let fetcher = Fetcher(settings: settings, cache: HTTPCache(folder: folder))
///     let page = try await fetcher.fetch(URL(string: "https://example.org/recipe")!)
///
/// A fetch that ends in an error status throws `FetchError.status`; every other failure is a
/// `FetchError` too (or `CancellationError` when the task is cancelled).
public final class Fetcher: Sendable {
    /// The limits it fetches within.
    public let settings: FetchSettings
    /// Where answers are kept, when there is a cache.
    public let cache: HTTPCache?
    /// Never touch the network: answer from the cache or fail.
    public let offline: Bool
    /// Running and waiting requests, read by progress lines.
    public let activity = FetchActivity()
    private let queue: TransferQueue
    private let loop = CurlMultiLoop.shared
    /// Hosts whose name did not resolve in this fetcher's run: asked again, each would cost a
    /// lookup (seconds, where the resolver is slow) for the same answer.
    private let unresolved = HostMemory()

    /// A fetcher with these limits; with a cache, answers are reused and revalidated; `offline` never asks the network.
    public init(settings: FetchSettings = FetchSettings(), cache: HTTPCache? = nil, offline: Bool = false) {
        self.settings = settings
        self.cache = cache
        self.offline = offline
        // Answers wait for their readers up to twice the transfers allowed: a burst of pages
        // finishing together is held, a machine that reads slower than it downloads holds no more.
        queue = TransferQueue(total: settings.jobs, perHost: settings.perHost, interval: settings.hostInterval,
                              unreadLimit: 2 * settings.jobs)
    }

    /// Whether a request's answer may be kept in the cache and given again.
    public enum Caching: Sendable {
        /// The answer is the same until the page changes: cached, reused while fresh, then revalidated.
        case allowed
        /// Every call answers something new (a random pick, a counter): never read from the
        /// cache nor written to it, or every later call would get the first answer.
        case never
    }

    /// Fetches `url` (following redirects hop by hop, within the politeness limits, with retries) and gives the final answer; an error status or any other failure throws `FetchError`.
    /// `maxRedirects` lowers the settings' limit for this address (robots.txt takes five);
    /// `beforeRedirect` is asked about each address a redirect leads to before it is requested,
    /// and refuses it by throwing (a redirect into a path robots.txt forbids).
    public func fetch(_ url: URL, caching: Caching = .allowed, maxRedirects: Int? = nil,
                      beforeRedirect: (@Sendable (URL) async throws -> Void)? = nil) async throws -> HTTPResponse {
        try Self.checkScheme(url)
        let cache = caching == .allowed ? self.cache : nil
        let cached = cache?.lookup(url)
        if let cache, let cached, offline || cache.isFresh(cached.storedAt) { return cached.response }
        if offline {
            throw caching == .never ? FetchError.neverCached(url: url.absoluteString) : FetchError.notInCache(url: url.absoluteString)
        }

        activity.requestStarted()
        defer { activity.requestFinished() }
        let conditional = cache.flatMap { cache in cached.map { cache.validators(for: $0.response) } } ?? [:]
        var response = try await fetchFollowingRedirects(url, headers: conditional, limit: min(maxRedirects ?? settings.maxRedirects, settings.maxRedirects),
                                                         beforeRedirect: beforeRedirect)
        if response.status == 304, var revalidated = cached?.response {
            cache?.touch(url, cached: revalidated)
            revalidated.attempts = response.attempts
            return revalidated
        }
        guard (200..<300).contains(response.status) else {
            throw FetchError.status(response.status, host: response.url.host ?? url.absoluteString, retryAfter: nil)
        }
        response.fromCache = false
        cache?.store(response, for: url)
        return response
    }

    /// The last gate before curl, for every address and every redirect: the rule of LarderCore's
    /// `WebAddress` (http or https in any case, and a host), written again here because
    /// LarderNet depends on libcurl alone and cannot see LarderCore. `WebAddressAgreementTests`
    /// runs WebAddress's table through both.
    static func checkScheme(_ url: URL) throws {
        guard let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false || scheme != "http" && scheme != "https" else {
            throw FetchError.invalidURL(url.absoluteString)
        }
        guard scheme == "http" || scheme == "https" else { throw FetchError.unsupportedScheme(scheme) }
    }

    /// The least time between the starts of two requests to `host` (a robots.txt's
    /// `Crawl-delay`), when it is longer than the settings' `hostInterval`.
    public func setMinimumInterval(_ seconds: TimeInterval, forHost host: String) {
        guard seconds > settings.hostInterval else { return }
        loop.setInterval(seconds, forHost: host.lowercased(), in: queue)
    }

    /// Follows up to `limit` hops, each checked: only http(s), no loops.
    private func fetchFollowingRedirects(_ url: URL, headers: [String: String], limit: Int,
                                         beforeRedirect: (@Sendable (URL) async throws -> Void)?) async throws -> HTTPResponse {
        var current = url
        var visited: Set<String> = [url.absoluteString]
        var attempts = 0
        for _ in 0...limit {
            var (response, target) = try await fetchWithRetries(current, headers: current == url ? headers : [:])
            attempts += response.attempts
            response.attempts = attempts
            guard (300..<400).contains(response.status), response.status != 304, let target else { return response }
            guard let next = URL(string: target), let scheme = next.scheme?.lowercased() else {
                throw FetchError.invalidURL(target)
            }
            guard scheme == "http" || scheme == "https" else { throw FetchError.redirectRefused(scheme: scheme) }
            try Self.checkScheme(next)
            guard visited.insert(next.absoluteString).inserted else { throw FetchError.redirectLoop(url: next.absoluteString) }
            try await beforeRedirect?(next)
            current = next
        }
        throw FetchError.tooManyRedirects(limit: limit)
    }

    /// One hop, retried on connection errors and on the statuses that invite it.
    private func fetchWithRetries(_ url: URL, headers: [String: String]) async throws -> (HTTPResponse, String?) {
        let policy = settings.retry
        var attempt = 1
        while true {
            let outcome: Result<(HTTPResponse, String?), FetchError>
            let host = url.host?.lowercased() ?? ""
            if unresolved.contains(host) { throw FetchError.nameNotResolved(host: host, earlier: true) }
            do {
                outcome = .success(try await fetchOnce(url, headers: headers))
            } catch let error as FetchError {
                if case .nameNotResolved = error { unresolved.insert(host) }
                outcome = .failure(error)
            }
            var wait: TimeInterval?
            switch outcome {
            case .success(let (response, _)) where RetryPolicy.retriedStatuses.contains(response.status):
                let asked = RetryPolicy.retryAfter(response.headers["retry-after"])
                if let asked, asked > policy.maxRetryAfter {
                    throw FetchError.status(response.status, host: url.host ?? "", retryAfter: asked)
                }
                wait = asked ?? policy.backoff(afterAttempt: attempt)
            case .failure(let error) where Self.isTransient(error):
                wait = policy.backoff(afterAttempt: attempt)
            default:
                break
            }
            guard let wait, attempt < policy.maxAttempts else {
                var (response, target) = try outcome.get()
                response.attempts = attempt
                return (response, target)
            }
            try await Task.sleep(nanoseconds: UInt64(wait * 1e9))
            attempt += 1
        }
    }

    /// Connection trouble that another try may not meet. A timeout is not retried: the server
    /// was reached and was too slow, and three more waits would only make it worse; nor is an
    /// answer that is not HTTP or is malformed, which the server will send again; nor a name
    /// that does not resolve (asked again at once, the resolver says the same).
    static func isTransient(_ error: FetchError) -> Bool {
        switch error {
        case .connectionFailed, .connectionLost, .closedWithoutAnswer, .truncated: return true
        default: return false
        }
    }

    /// One request: queued on the shared multi loop, whose thread starts it when this fetcher's
    /// politeness limits allow.
    private func fetchOnce(_ url: URL, headers: [String: String]) async throws -> (HTTPResponse, String?) {
        var headers = headers
        if !settings.session.isEmpty {
            // Per hop: a redirect to another site does not carry this one's session.
            for (name, value) in settings.session.fields(for: url) { headers[name] = value }
        }
        let request = TransferRequest(url: url, headers: headers)
        let finished: CurlTransfer
        do {
            finished = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    request.onCompletion { continuation.resume(with: $0) }
                    loop.submit(request, to: queue, settings: settings, activity: activity)
                }
            } onCancel: { [loop] in
                loop.cancel(request)
            }
        } catch {
            loop.read(request, from: queue)
            throw error
        }
        // The answer is in this task's hands: the queue may start another transfer.
        loop.read(request, from: queue)
        let status = finished.status
        var body = finished.body
        // Decoded here, on this task's thread, not the loop's (see ContentDecoding). A redirect's
        // or an error's body is never read.
        if (200..<300).contains(status) {
            body = try ContentDecoding.decode(body, contentEncoding: finished.headers["content-encoding"],
                                              host: url.host ?? url.absoluteString, limit: settings.maxBodyBytes)
        }
        let response = HTTPResponse(url: url, status: status, headers: finished.headers, body: body)
        return (response, finished.redirectTarget)
    }
}

/// A set of host names, shared by a fetcher's tasks.
final class HostMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var hosts: Set<String> = []

    func contains(_ host: String) -> Bool { lock.withLock { hosts.contains(host) } }
    func insert(_ host: String) { lock.withLock { _ = hosts.insert(host) } }
}
