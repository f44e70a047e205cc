import Foundation

/// Cookies from a Netscape cookies.txt, the file browsers' export extensions, curl (`-c`) and
/// wget write: one cookie a line, seven fields separated by tabs — domain, whether subdomains
/// share it (`TRUE`/`FALSE`), path, secure only (`TRUE`/`FALSE`), expiry (Unix seconds, 0 for a
/// session cookie), name, value. `#` starts a comment, except `#HttpOnly_`, which marks a cookie
/// that scripts may not read (sent like any other). A cookie goes only where RFC 6265 would
/// send it: a matching host, a path within its path, https for a secure one, and not expired.
public struct CookieJar: Sendable {
    /// One line of the file.
    public struct Cookie: Sendable, Equatable {
        /// The host it is sent to, lowercased, without a leading dot.
        public var domain: String
        /// Whether the host's subdomains are sent it too.
        public var includesSubdomains: Bool
        /// It is sent to paths within this one.
        public var path: String
        /// Sent over https only.
        public var secure: Bool
        /// nil: a session cookie, which lasts the run.
        public var expires: Date?
        /// The cookie's name.
        public var name: String
        /// The cookie's value, as the file has it.
        public var value: String
    }

    /// The cookies, in the file's order.
    public private(set) var cookies: [Cookie] = []

    /// A jar with no cookie.
    public init() {}

    /// Whether the jar has no cookie.
    public var isEmpty: Bool { cookies.isEmpty }

    /// Reads a cookies.txt. Throws `CookieFileProblem` naming the line that is not a cookie.
    public init(netscapeFile data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if lineNumber == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            var httpOnly = false
            if line.hasPrefix("#HttpOnly_") {
                line = line.dropFirst("#HttpOnly_".count)
                httpOnly = true
            }
            if line.trimmingCharacters(in: .whitespaces).isEmpty || (!httpOnly && line.hasPrefix("#")) { continue }
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            // A cookie with an empty value loses its last tab to some writers.
            if fields.count == 6 { fields.append("") }
            guard fields.count == 7 else {
                throw CookieFileProblem(line: lineNumber, problem: "it has \(fields.count) field\(fields.count == 1 ? "" : "s") where a cookie line has 7, separated by tabs")
            }
            var domain = fields[0].lowercased()
            var includesSubdomains = fields[1].uppercased() == "TRUE"
            if domain.hasPrefix(".") {
                domain.removeFirst()
                includesSubdomains = true
            }
            guard !domain.isEmpty else { throw CookieFileProblem(line: lineNumber, problem: "it names no domain") }
            guard let expiry = Int64(fields[4]) else {
                throw CookieFileProblem(line: lineNumber, problem: "its expiry \"\(fields[4].prefix(20))\" is not a number of seconds")
            }
            let name = fields[5], value = fields[6]
            guard !name.isEmpty, !(name + value).unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == ";" }) else {
                throw CookieFileProblem(line: lineNumber, problem: "its name or value is empty or holds a control character or a semicolon")
            }
            cookies.append(Cookie(domain: domain, includesSubdomains: includesSubdomains,
                                  path: fields[2].hasPrefix("/") ? fields[2] : "/", secure: fields[3].uppercased() == "TRUE",
                                  expires: expiry == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(expiry)), name: name, value: value))
        }
    }

    /// `name=value; name2=value2` for a request to `url`, longer paths first; nil when none goes.
    public func header(for url: URL, now: Date = Date()) -> String? {
        guard let host = url.host?.lowercased() else { return nil }
        let secure = url.scheme?.lowercased() == "https"
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "/"
        let sent = cookies.filter { cookie in
            (cookie.includesSubdomains ? SessionHeaders.host(host, isWithin: cookie.domain) : host == cookie.domain)
                && Self.path(path.isEmpty ? "/" : path, isWithin: cookie.path)
                && (!cookie.secure || secure)
                && (cookie.expires.map { $0 > now } ?? true)
        }
        guard !sent.isEmpty else { return nil }
        return sent.sorted { $0.path.count > $1.path.count }.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// RFC 6265 §5.1.4: `/recipes/soup` is within `/recipes` and `/recipes/`, not `/rec`.
    static func path(_ path: String, isWithin cookiePath: String) -> Bool {
        guard path.hasPrefix(cookiePath) else { return false }
        return path.count == cookiePath.count || cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).hasPrefix("/")
    }
}

/// A line of a cookies file that is not a cookie.
public struct CookieFileProblem: Error, LocalizedError, CustomStringConvertible {
    /// The sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
    /// The line's number, from 1.
    public var line: Int
    /// What is wrong with it.
    public var problem: String
    public var description: String { "line \(line) is not a Netscape cookie: \(problem)" }
}
