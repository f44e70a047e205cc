import Foundation

/// Why a fetch failed, worded for the person reading the report.
public enum FetchError: Error, LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// The address is not a web address Larder can fetch.
    case invalidURL(String)
    /// The address's scheme is not http or https (`ftp:`, `file:`).
    case unsupportedScheme(String)
    /// The server answered with an error status (after retries, when the status allows them).
    case status(Int, host: String, retryAfter: TimeInterval?)
    /// The whole transfer took longer than its limit, the server having got as far as `phase`.
    case timedOut(seconds: Int, host: String, phase: TransferPhase)
    /// Less than `bytesPerSecond` arrived for `seconds` (nothing at all, when awaiting the answer).
    case tooSlow(bytesPerSecond: Int, seconds: Int, host: String, phase: TransferPhase)
    /// No connection was made (a refusal, the connect timeout, TLS).
    case connectionFailed(host: String, detail: String)
    /// The host's name does not resolve; `earlier`: it did not earlier in the run, and is not
    /// asked again.
    case nameNotResolved(host: String, earlier: Bool)
    /// A connection that was made broke off: `reset` when the server sent a TCP reset.
    case connectionLost(host: String, phase: TransferPhase, reset: Bool)
    /// The server closed the connection without sending a byte.
    case closedWithoutAnswer(host: String)
    /// The connection closed before the whole answer arrived.
    case truncated(host: String)
    /// The server's bytes are not an HTTP answer at all (another protocol, garbage).
    case notHTTP(host: String)
    /// The answer's headers are larger than libcurl reads (a bomb, or a broken server).
    case headersTooLarge(host: String)
    /// The answer is HTTP, but its framing is broken (a chunked encoding that does not parse).
    case malformedAnswer(host: String)
    /// The answer says it is compressed, and it does not decompress.
    case badEncoding(host: String)
    /// The answer is larger than `limitBytes` (`FetchSettings.maxBodyBytes`).
    case tooLarge(limitBytes: Int)
    /// A redirect to a scheme other than http or https (`file://`), refused.
    case redirectRefused(scheme: String)
    /// More redirects than `limit` in a row.
    case tooManyRedirects(limit: Int)
    /// A redirect back to an address already visited.
    case redirectLoop(url: String)
    /// `--offline`, and the cache has no answer for the address.
    case notInCache(url: String)
    /// `--offline`, and the address answers something new each time, so it is never cached.
    case neverCached(url: String)
    /// A failure of libcurl none of the other cases names, in its words.
    case transfer(detail: String)

    /// The sentence `description` says, for an app that shows `localizedDescription`.
    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .invalidURL(let text):
            return "\"\(text)\" is not a web address Larder can fetch"
        case .unsupportedScheme(let scheme):
            return "\(scheme):// addresses are not fetched (only http and https)"
        case .status(let code, let host, let retryAfter):
            var text = "\(code) \(Self.reasonPhrase(code)) from \(host)"
            if let advice = Self.advice(code) { text += " (\(advice))" }
            if let retryAfter { text += " (the server asked to wait \(Int(retryAfter)) s, longer than Larder waits)" }
            return text
        case .timedOut(let seconds, let host, let phase):
            return "timed out after \(seconds) s: " + Self.whereItStood(host, phase)
        case .tooSlow(let rate, let seconds, let host, let phase):
            if phase == .awaitingAnswer || phase == .connecting {
                return "aborted: \(host) accepted the connection but sent nothing for \(seconds) s"
            }
            return "aborted: \(host) sent \(phase == .headers ? "the answer's headers" : "the answer") slower than \(rate) bytes/s for \(seconds) s"
        case .connectionFailed(let host, let detail):
            return "could not connect to \(host): \(detail)"
        case .nameNotResolved(let host, let earlier):
            return earlier ? "could not connect to \(host): the name did not resolve earlier in this run, so it was not asked again"
                : "could not connect to \(host): the name does not resolve"
        case .connectionLost(let host, let phase, let reset):
            let when = switch phase {
            case .connecting, .awaitingAnswer: "before answering"
            case .headers: "while sending the answer's headers"
            case .body: "in the middle of the answer"
            }
            return reset ? "\(host) reset the connection \(when)" : "the connection to \(host) broke off \(when)"
        case .closedWithoutAnswer(let host):
            return "\(host) closed the connection without answering"
        case .truncated(let host):
            return "\(host) closed the connection before the whole page arrived"
        case .notHTTP(let host):
            return "\(host) answered with something that is not HTTP"
        case .headersTooLarge(let host):
            return "\(host) sent headers larger than Larder reads (a broken or hostile server)"
        case .malformedAnswer(let host):
            return "\(host) sent a malformed answer (its chunked encoding is broken)"
        case .badEncoding(let host):
            return "\(host) sent a compressed answer that does not decompress"
        case .tooLarge(let limit):
            return "the answer is larger than \(limit / 1_048_576) MB, the most Larder reads"
        case .redirectRefused(let scheme):
            return "redirect to \(scheme):// refused (only http and https are followed)"
        case .tooManyRedirects(let limit):
            return "more than \(limit) redirects"
        case .redirectLoop(let url):
            return "redirect loop back to \(url)"
        case .notInCache(let url):
            return "not in the cache, and --offline forbids fetching \(url)"
        case .neverCached(let url):
            return "\(url) answers something new each time, so it is never cached, and --offline forbids fetching it"
        case .transfer(let detail):
            return detail
        }
    }

    /// What the server had done when a timeout struck.
    static func whereItStood(_ host: String, _ phase: TransferPhase) -> String {
        switch phase {
        case .connecting: "no connection to \(host)"
        case .awaitingAnswer: "\(host) accepted the connection but sent no answer"
        case .headers: "\(host) was still sending the answer's headers"
        case .body: "\(host) was still sending the answer"
        }
    }

    static func advice(_ code: Int) -> String? {
        switch code {
        case 401, 403: return "the site refused Larder; save the page in a browser and import the file"
        case 404, 410: return "the page is not there; check the address"
        case 429: return "the site asks for fewer requests; try again later or lower --per-host"
        default: return nil
        }
    }

    static func reasonPhrase(_ code: Int) -> String {
        let phrases: [Int: String] = [
            400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
            414: "URI Too Long", 415: "Unsupported Media Type", 418: "I'm a teapot", 429: "Too Many Requests",
            451: "Unavailable For Legal Reasons", 500: "Internal Server Error", 501: "Not Implemented",
            502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        ]
        return phrases[code] ?? (code >= 500 ? "Server Error" : code >= 400 ? "Client Error" : "Unexpected Status")
    }
}
