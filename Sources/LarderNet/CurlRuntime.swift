import CCurl

/// libcurl's process-wide state. `curl_global_init` must run once before any handle is made.
public enum CurlRuntime {
    private static let initialized: Bool = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
    }()

    /// The libcurl version string (`libcurl/7.88.1 OpenSSL/3.0.x zlib/…`), which also names the
    /// TLS library and the compressions it can decode.
    public static var version: String {
        _ = initialized
        guard let text = curl_version() else { return "libcurl (unknown version)" }
        return String(cString: text)
    }

    /// Whether this libcurl can speak a protocol (`http`, `https`).
    public static func supports(protocol name: String) -> Bool {
        _ = initialized
        // CURLVERSION_NOW is a macro Swift cannot see; the tenth layout is what 7.88 fills.
        guard let info = curl_version_info(CURLVERSION_TENTH), var list = info.pointee.protocols else { return false }
        while let entry = list.pointee {
            if String(cString: entry) == name { return true }
            list = list.advanced(by: 1)
        }
        return false
    }
}
