import CCurl
import Foundation

/// Turns libcurl's result code into the `FetchError` that says what the server did. One code
/// covers several faults (a timeout is the connect, the whole-transfer or the low-speed limit;
/// a receive error is a reset or a broken answer), so the phase the transfer reached, how long
/// it ran and the system's error number tell them apart.
struct CurlFailure {
    var code: CURLcode
    var phase: TransferPhase
    /// Seconds since the transfer started.
    var elapsed: TimeInterval
    /// The system error of the last socket call (`CURLINFO_OS_ERRNO`), 0 when there was none.
    var systemError: Int
    var url: URL
    var limits: FetchSettings
    /// The body callback refused more bytes (the size limit).
    var bodyTooLarge: Bool

    var error: FetchError {
        let host = url.host ?? url.absoluteString
        switch code {
        case CURLE_WRITE_ERROR where bodyTooLarge, CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limitBytes: limits.maxBodyBytes)
        case CURLE_OPERATION_TIMEDOUT:
            return timeout(host: host)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .nameNotResolved(host: host, earlier: false)
        case CURLE_COULDNT_CONNECT:
            return .connectionFailed(host: host, detail: "connection refused")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return brokenConnection(host: host)
        case CURLE_GOT_NOTHING:
            return .closedWithoutAnswer(host: host)
        case CURLE_PARTIAL_FILE:
            return .truncated(host: host)
        case CURLE_UNSUPPORTED_PROTOCOL where phase == .connecting:
            return .unsupportedScheme(url.scheme ?? "?")
        // Once connected, "unsupported protocol" is libcurl's word for an answer that does not
        // start like HTTP (it calls it HTTP/0.9 and refuses it); the scheme was checked before.
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY:
            return .notHTTP(host: host)
        // libcurl 7.x reports a header line past its 100 KB buffer as "out of memory" (8.6 and
        // later say CURLE_TOO_LARGE, 100); while headers arrive, that is what it means.
        case CURLE_OUT_OF_MEMORY where phase == .headers, CURLcode(rawValue: 100):
            return .headersTooLarge(host: host)
        case CURLE_BAD_CONTENT_ENCODING:
            return .badEncoding(host: host)
        case CURLE_PEER_FAILED_VERIFICATION:
            return .connectionFailed(host: host, detail: "its certificate could not be verified")
        case CURLE_SSL_CONNECT_ERROR:
            return .connectionFailed(host: host, detail: "the secure connection could not be set up")
        default:
            return .transfer(detail: "the transfer from \(host) failed (libcurl: \(String(cString: curl_easy_strerror(code))))")
        }
    }

    /// One code for three limits, told apart by how far the transfer got and how long it ran.
    private func timeout(host: String) -> FetchError {
        let wholeTransferLimit = elapsed >= limits.totalTimeout - 0.5
        if phase == .connecting {
            let limit = wholeTransferLimit ? limits.totalTimeout : min(limits.connectTimeout, limits.totalTimeout)
            return .connectionFailed(host: host, detail: "no connection within \(Int(limit.rounded())) s")
        }
        if wholeTransferLimit {
            return .timedOut(seconds: Int(limits.totalTimeout.rounded()), host: host, phase: phase)
        }
        return .tooSlow(bytesPerSecond: limits.lowSpeedBytesPerSecond, seconds: Int(limits.lowSpeedTime.rounded()), host: host, phase: phase)
    }

    /// A receive or send error: the connection broke (a system error, a reset above all), or,
    /// with no system error, libcurl refused what arrived.
    private func brokenConnection(host: String) -> FetchError {
        if systemError != 0 {
            let reset = systemError == Int(ECONNRESET) || systemError == Int(EPIPE)
            return .connectionLost(host: host, phase: phase, reset: reset)
        }
        switch phase {
        // The total size of the headers is past libcurl's limit (300 KB).
        case .headers: return .headersTooLarge(host: host)
        // Over plain HTTP the body's only failure without a system error is its chunked
        // framing; over TLS it is the secure stream ending without its closing record.
        case .body where url.scheme?.lowercased() == "http": return .malformedAnswer(host: host)
        case .body: return .truncated(host: host)
        case .connecting, .awaitingAnswer: return .connectionLost(host: host, phase: phase, reset: false)
        }
    }
}
