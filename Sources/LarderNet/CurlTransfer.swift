import CCurl
import Foundation

/// One HTTP request on one libcurl easy handle: no redirect is followed here (the fetcher
/// checks each hop), the body is collected up to a limit, headers are kept. It owns the handle
/// and its header list and frees both in `deinit`. All callbacks run on the multi loop's thread.
final class CurlTransfer: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    let url: URL
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let maxBodyBytes: Int
    private let limits: FetchSettings
    private(set) var body = Data()
    /// Header lines of the last response only (a 100 Continue or a proxy answer comes first).
    private(set) var headers: [String: String] = [:]
    private(set) var bodyTooLarge = false
    /// The connection is up (or reused) and the request about to go.
    private var connected = false
    /// The blank line after the last response's headers has arrived.
    private var headersComplete = false
    private var completion: ((Result<CurlTransfer, Error>) -> Void)?

    init(url: URL, settings: FetchSettings, requestHeaders: [String: String]) throws {
        guard let handle = curl_easy_init() else { throw FetchError.transfer(detail: "libcurl could not make a handle") }
        self.handle = handle
        self.url = url
        self.maxBodyBytes = settings.maxBodyBytes
        self.limits = settings
        try configure(settings: settings, requestHeaders: requestHeaders)
    }

    deinit {
        curl_easy_cleanup(handle)
        if let headerList { curl_slist_free_all(headerList) }
    }

    private func configure(settings: FetchSettings, requestHeaders: [String: String]) throws {
        try set(CURLOPT_URL, url.absoluteString)
        // Only http and https, and redirects are the fetcher's business (it refuses file:// etc.).
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_USERAGENT, settings.userAgent)
        // The codings Larder decodes, and the body kept as it came: it is decoded by the task
        // that asked for it, off this thread (see ContentDecoding), where the size limit applies
        // to the decoded bytes too (bombs); here it applies to the bytes on the wire.
        try set(CURLOPT_ACCEPT_ENCODING, ContentDecoding.accepted)
        try set(CURLOPT_HTTP_CONTENT_DECODING, 0)
        try set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        try set(CURLOPT_CONNECTTIMEOUT_MS, Int(settings.connectTimeout * 1000))
        try set(CURLOPT_TIMEOUT_MS, Int(settings.totalTimeout * 1000))
        try set(CURLOPT_LOW_SPEED_LIMIT, settings.lowSpeedBytesPerSecond)
        try set(CURLOPT_LOW_SPEED_TIME, Int(settings.lowSpeedTime))
        try check(larder_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(settings.maxBodyBytes)), CURLOPT_MAXFILESIZE_LARGE)
        for (name, value) in requestHeaders.sorted(by: { $0.key < $1.key }) {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        if let headerList { try check(larder_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList), CURLOPT_HTTPHEADER) }

        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(larder_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context), CURLOPT_WRITEDATA)
        try check(larder_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context), CURLOPT_HEADERDATA)
        try check(larder_easy_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }, CURLOPT_WRITEFUNCTION)
        try check(larder_easy_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }, CURLOPT_HEADERFUNCTION)
        try check(larder_easy_setopt_pointer(handle, CURLOPT_PREREQDATA, context), CURLOPT_PREREQDATA)
        try check(larder_easy_setopt_prereq_callback(handle) { context, _, _, _, _ in
            if let context { Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().connected = true }
            return CURL_PREREQFUNC_OK
        }, CURLOPT_PREREQFUNCTION)
    }

    private func set(_ option: CURLoption, _ value: String) throws {
        try check(larder_easy_setopt_string(handle, option, value), option)
    }

    private func set(_ option: CURLoption, _ value: Int) throws {
        try check(larder_easy_setopt_long(handle, option, value), option)
    }

    private func check(_ code: CURLcode, _ option: CURLoption) throws {
        guard code == CURLE_OK else {
            throw FetchError.transfer(detail: "libcurl refused option \(option.rawValue): \(String(cString: curl_easy_strerror(code)))")
        }
    }

    /// False stops the transfer (libcurl then reports a write error, read as "too large").
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if body.count + bytes.count > maxBodyBytes {
            bodyTooLarge = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    private func receiveHeader(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers = [:]  // a new response starts (after 100 Continue, say)
            headersComplete = false
            return
        }
        if line.isEmpty {
            headersComplete = true
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }

    var status: Int {
        var code = 0
        _ = larder_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    /// The absolute target of a 3xx answer's `Location`, resolved by libcurl.
    var redirectTarget: String? {
        var pointer: UnsafeMutablePointer<CChar>?
        guard larder_easy_getinfo_string(handle, CURLINFO_REDIRECT_URL, &pointer) == CURLE_OK, let pointer else { return nil }
        return String(cString: pointer)
    }

    func onCompletion(_ completion: @escaping (Result<CurlTransfer, Error>) -> Void) {
        self.completion = completion
    }

    /// Called once by the multi loop with libcurl's result code (or a cancellation).
    func finish(_ result: Result<CURLcode, Error>) {
        guard let completion else { return }
        self.completion = nil
        switch result {
        case .failure(let error):
            completion(.failure(error))
        case .success(let code) where code == CURLE_OK:
            completion(.success(self))
        case .success(let code):
            completion(.failure(error(for: code)))
        }
    }

    /// How far the transfer got: connected (libcurl's pre-request callback ran), the first byte
    /// of the answer in (its time to first byte is set), the headers complete.
    var phase: TransferPhase {
        guard connected else { return .connecting }
        var firstByte: curl_off_t = 0
        _ = larder_easy_getinfo_off_t(handle, CURLINFO_STARTTRANSFER_TIME_T, &firstByte)
        if firstByte == 0 { return .awaitingAnswer }
        return headersComplete ? .body : .headers
    }

    private func error(for code: CURLcode) -> FetchError {
        var systemError = 0
        _ = larder_easy_getinfo_long(handle, CURLINFO_OS_ERRNO, &systemError)
        // libcurl's own clock, stopped when it gave up: a busy loop thread reads it late, not wrong.
        var microseconds: curl_off_t = 0
        _ = larder_easy_getinfo_off_t(handle, CURLINFO_TOTAL_TIME_T, &microseconds)
        return CurlFailure(code: code, phase: phase, elapsed: TimeInterval(microseconds) / 1_000_000, systemError: systemError,
                           url: url, limits: limits, bodyTooLarge: bodyTooLarge).error
    }
}
