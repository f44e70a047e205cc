import Foundation

/// An on-disk cache of successful answers, one body file and one small JSON file of metadata
/// per URL. A re-run revalidates with `ETag` / `Last-Modified` (a 304 costs no body), skips the
/// network while an entry is younger than `freshFor`, and `--offline` reads entries of any age.
public final class HTTPCache: @unchecked Sendable {
    /// The folder holding the cache's files.
    public let folder: URL
    /// Entries younger than this are used without asking the server.
    public let freshFor: TimeInterval

    struct Entry: Codable {
        var url: String
        var finalURL: String
        var status: Int
        var headers: [String: String]
        var storedAt: Date
    }

    /// A cache in `folder` (made when first written), whose entries are used without asking for `freshFor` seconds.
    public init(folder: URL, freshFor: TimeInterval = 24 * 3600) {
        self.folder = folder
        self.freshFor = freshFor
    }

    /// A cached answer for `url` and when it was stored, if there is one.
    func lookup(_ url: URL) -> (response: HTTPResponse, storedAt: Date)? {
        let key = Self.key(url.absoluteString)
        guard let metadata = try? Data(contentsOf: metadataURL(key)),
              let entry = try? Self.decoder.decode(Entry.self, from: metadata),
              entry.url == url.absoluteString,  // the key is a hash: make sure it is this URL's entry
              let body = try? Data(contentsOf: bodyURL(key)),
              let finalURL = URL(string: entry.finalURL) else { return nil }
        var response = HTTPResponse(url: finalURL, status: entry.status, headers: entry.headers, body: body)
        response.fromCache = true
        response.attempts = 0
        return (response, entry.storedAt)
    }

    func isFresh(_ storedAt: Date, now: Date = Date()) -> Bool {
        now.timeIntervalSince(storedAt) < freshFor
    }

    /// Headers that make the next request conditional on the cached copy being stale.
    func validators(for cached: HTTPResponse) -> [String: String] {
        var headers: [String: String] = [:]
        if let etag = cached.headers["etag"] { headers["If-None-Match"] = etag }
        if let modified = cached.headers["last-modified"] { headers["If-Modified-Since"] = modified }
        return headers
    }

    /// Stores a successful answer. The body is written before the metadata, each atomically,
    /// so a reader never sees metadata pointing at a half-written body.
    func store(_ response: HTTPResponse, for url: URL, storedAt: Date = Date()) {
        guard response.status == 200 else { return }
        let key = Self.key(url.absoluteString)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try response.body.write(to: bodyURL(key), options: .atomic)
            try writeMetadata(of: response, for: url, storedAt: storedAt)
        } catch {
            // A cache that cannot be written only costs a refetch next time.
        }
    }

    /// Marks a revalidated entry (a 304) as fresh again. The body on disk is unchanged, so only
    /// the metadata is rewritten.
    func touch(_ url: URL, cached: HTTPResponse) {
        try? writeMetadata(of: cached, for: url, storedAt: Date())
    }

    private func writeMetadata(of response: HTTPResponse, for url: URL, storedAt: Date) throws {
        let kept = response.headers.filter { ["content-type", "etag", "last-modified"].contains($0.key) }
        let entry = Entry(url: url.absoluteString, finalURL: response.url.absoluteString, status: 200,
                          headers: kept, storedAt: storedAt)
        try Self.encoder.encode(entry).write(to: metadataURL(Self.key(url.absoluteString)), options: .atomic)
    }

    private func bodyURL(_ key: String) -> URL { folder.appendingPathComponent(key + ".body") }
    private func metadataURL(_ key: String) -> URL { folder.appendingPathComponent(key + ".json") }

    /// 128 bits of two FNV-1a hashes with different offsets: file names, not security (the
    /// stored URL is compared on every read).
    static func key(_ text: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(format: "%016llx%016llx", first, second)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
