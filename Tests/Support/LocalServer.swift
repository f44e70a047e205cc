import Foundation

/// `Tools/local-server.py` started for a test: a loopback HTTP server with recipe pages,
/// TheMealDB's API from a fixture folder, and faults on purpose. Stopped when released.
public final class LocalServer: @unchecked Sendable {
    public let port: Int
    /// A loopback port that listens but never lets a connection complete (a connect timeout).
    public let unacceptingPort: Int
    private let server: RunningProgram

    /// `files`: a folder served as it is under `/files/` (saved pages and their pictures);
    /// `robots`: a folder of each host's robots.txt answer (see Tools/local-server.py).
    public init(mealdbFolder: URL? = nil, files: URL? = nil, robots: URL? = nil, hosts: Int = 1, latency: Double = 0) async throws {
        var arguments = [Fixtures.packageRoot.appendingPathComponent("Tools/local-server.py").path,
                         "--hosts", String(hosts), "--latency", String(latency), "--until-stdin-closes"]
        if let mealdbFolder { arguments += ["--mealdb", mealdbFolder.path] }
        if let files { arguments += ["--files", files.path] }
        if let robots { arguments += ["--robots", robots.path] }
        var program = Program("python3", arguments)
        // The server stops when its standard input closes: when this value is released, or
        // when the test run ends, even by a crash.
        program.holdsInputOpen = true
        let server = try program.start()
        self.server = server
        // The server's first line is {"port": N} once it listens.
        try await server.waitUntil("the local test server listens") { server.outputSoFar.contains("\n") }
        let line = Data(server.outputSoFar.prefix { $0 != "\n" }.utf8)
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any], let port = object["port"] as? Int else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the local test server did not start: \(server.outputSoFar)"])
        }
        self.port = port
        unacceptingPort = object["unaccepting_port"] as? Int ?? 0
    }

    /// `http://127.0.0.1:PORT/path` (or another loopback host).
    public func url(_ path: String, host: String = "127.0.0.1") -> URL {
        URL(string: "http://\(host):\(port)\(path)")!
    }

    /// Lets every request for `/fault/held/NAME` have its answer.
    public func release(_ name: String, host: String = "127.0.0.1") async throws {
        let path = "/fault/release/\(name)"
        let answer: String? = await withCheckedContinuation { continuation in
            RunningProgram.onItsOwnThread { [self] in continuation.resume(returning: ask(path, host: host)) }
        }
        guard answer == "released" else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the local test server did not release \(name)"])
        }
    }

    /// How often the server was asked for `/fault/PATH` (for the faults that count, such as
    /// `hang/NAME`); 0 when it cannot be asked. Blocks the calling thread: for a readiness
    /// condition of `RunningProgram.waitUntil`, which runs on a thread of its own.
    public func hits(_ path: String) -> Int {
        Int(ask("/fault/hits/" + path) ?? "") ?? 0
    }

    /// The body of a GET of `path`, over a plain socket (`Connection: close`: the server closes
    /// the connection after its answer); nil when the server cannot be reached. Blocks the
    /// calling thread.
    func ask(_ path: String, host: String = "127.0.0.1") -> String? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard send(socket, request, request.count, 0) == request.count else { return nil }
        var answer = Data()
        PipeReading.forEachChunk(socket) { answer.append($0) }
        let text = String(decoding: answer, as: UTF8.self)
        guard let body = text.range(of: "\r\n\r\n") else { return nil }
        return String(text[body.upperBound...])
    }

    deinit {
        server.closeInput()
        server.signal(SIGTERM)
    }
}
