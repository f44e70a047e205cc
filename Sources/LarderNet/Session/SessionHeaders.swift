import Foundation

/// Request headers and cookies a user gives for named sites (a session, a consent cookie): sent
/// on every request to a host they name and to no other, each hop of a redirect asked anew. They
/// are never stored: the HTTP cache keeps only an answer's own headers, and the report and the
/// library never see a request's.
public struct SessionHeaders: Sendable {
    /// One `--header HOST Name: value`: sent to HOST and its subdomains.
    public struct Header: Sendable, Equatable {
        /// The host it is sent to (and its subdomains), lowercased.
        public var host: String
        /// The field's name, as the user wrote it.
        public var name: String
        /// The field's value.
        public var value: String

        /// A header for `host` (any case).
        public init(host: String, name: String, value: String) {
            self.host = host.lowercased()
            self.name = name
            self.value = value
        }
    }

    /// The `--header` fields, in the order given.
    public var headers: [Header] = []
    /// The `--cookies` file's cookies.
    public var cookies = CookieJar()

    /// Headers and cookies to send; none by default.
    public init(headers: [Header] = [], cookies: CookieJar = CookieJar()) {
        self.headers = headers
        self.cookies = cookies
    }

    /// Whether there is nothing to send.
    public var isEmpty: Bool { headers.isEmpty && cookies.isEmpty }

    /// The fields to add to a request for `url`. A `Cookie` header given by hand and the jar's
    /// cookies are sent as one field.
    public func fields(for url: URL, now: Date = Date()) -> [String: String] {
        guard let host = url.host?.lowercased() else { return [:] }
        var fields: [String: String] = [:]
        for header in headers where Self.host(host, isWithin: header.host) {
            // Names are matched without case, as HTTP does; the first spelling given is sent.
            let key = fields.keys.first { $0.caseInsensitiveCompare(header.name) == .orderedSame } ?? header.name
            fields[key] = fields[key].map { key.lowercased() == "cookie" ? "\($0); \(header.value)" : "\($0), \(header.value)" } ?? header.value
        }
        if let jar = cookies.header(for: url, now: now) {
            let key = fields.keys.first { $0.lowercased() == "cookie" } ?? "Cookie"
            fields[key] = fields[key].map { "\($0); \(jar)" } ?? jar
        }
        return fields
    }

    /// `www.example.org` is within `example.org`; `badexample.org` is not.
    static func host(_ host: String, isWithin domain: String) -> Bool {
        host == domain || host.hasSuffix("." + domain)
    }

    /// Header names the transfer itself decides: giving them would break the request or its
    /// framing. `User-Agent` has `--user-agent`.
    public static let reservedNames: Set<String> = ["host", "content-length", "transfer-encoding", "connection", "user-agent",
                                                    "accept-encoding", "te", "upgrade", "expect"]

    /// Reads `HOST Name: value`. Throws a message (without the value, which may be a secret)
    /// that says what is wrong.
    public static func header(parsing text: String) throws -> Header {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            throw HeaderProblem("\"\(Self.shown(trimmed))\" names no host: write the host the header is for, then the header, as in --header \"example.org Cookie: consent=yes\"")
        }
        let host = String(trimmed[..<space])
        let field = trimmed[space...].trimmingCharacters(in: .whitespaces)
        if host.hasSuffix(":") || !Self.isHostName(host) {
            throw HeaderProblem("\"\(Self.shown(trimmed))\" does not start with a host: write the host the header is for, then the header, as in --header \"example.org Cookie: consent=yes\"")
        }
        guard let colon = field.firstIndex(of: ":") else {
            throw HeaderProblem("\"\(host) \(Self.shown(field))\" has no header after the host: write Name: value")
        }
        let name = String(field[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(field[field.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
            throw HeaderProblem("\"\(name)\" (for \(host)) is not a header name: letters, digits and !#$%&'*+-.^_`|~ only")
        }
        guard !reservedNames.contains(name.lowercased()) else {
            throw HeaderProblem("\(name) (for \(host)) is set by Larder itself and cannot be given" + (name.lowercased() == "user-agent" ? "; use --user-agent" : ""))
        }
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
            throw HeaderProblem("the value of \(name) (for \(host)) holds a line break or another control character")
        }
        return Header(host: host, name: name, value: value)
    }

    /// What a header's text shows in a message: its name, never what may be a secret after it.
    static func shown(_ text: String) -> String {
        guard let colon = text.firstIndex(of: ":") else { return String(text.prefix(40)) }
        return text[...colon] + " …"
    }

    static func isHostName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 253 && !text.hasPrefix(".") && !text.hasSuffix(".")
            && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-" }
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }
}

/// A `--header` that cannot be used, and why.
public struct HeaderProblem: Error, LocalizedError, CustomStringConvertible {
    /// The sentence, for `localizedDescription`.
    public var errorDescription: String? { description }
    public var description: String
    init(_ description: String) { self.description = description }
}
