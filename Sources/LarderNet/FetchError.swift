import Foundation

/// Why a fetch failed, worded for the person reading the report.
public enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(String)
    /// The server answered with an error status (after retries, when the status allows them).
    case status(Int, host: String, retryAfter: TimeInterval?)
    case timedOut(seconds: Int)
    case tooSlow(bytesPerSecond: Int, seconds: Int)
    case connectionFailed(host: String, detail: String)
    case truncated(host: String)
    case tooLarge(limitBytes: Int)
    case redirectRefused(scheme: String)
    case tooManyRedirects(limit: Int)
    case redirectLoop(url: String)
    case notInCache(url: String)
    case transfer(detail: String)

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
        case .timedOut(let seconds):
            return "timed out after \(seconds) s"
        case .tooSlow(let rate, let seconds):
            return "aborted: slower than \(rate) bytes/s for \(seconds) s"
        case .connectionFailed(let host, let detail):
            return "could not connect to \(host): \(detail)"
        case .truncated(let host):
            return "\(host) closed the connection before the whole page arrived"
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
        case .transfer(let detail):
            return detail
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
