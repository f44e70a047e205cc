import Foundation

/// `Tools/local-server.py` started for a test: a loopback HTTP server with recipe pages,
/// TheMealDB's API from a fixture folder, and faults on purpose. Stopped when released.
public final class LocalServer: @unchecked Sendable {
    public let port: Int
    /// A loopback port that listens but never lets a connection complete (a connect timeout).
    public let unacceptingPort: Int
    private let process: Process
    private let lifeline = Pipe()

    /// `files`: a folder served as it is under `/files/` (saved pages and their pictures);
    /// `robots`: a folder of each host's robots.txt answer (see Tools/local-server.py).
    public init(mealdbFolder: URL? = nil, files: URL? = nil, robots: URL? = nil, hosts: Int = 1, latency: Double = 0) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", Fixtures.packageRoot.appendingPathComponent("Tools/local-server.py").path,
                         "--hosts", String(hosts), "--latency", String(latency), "--until-stdin-closes"]
        if let mealdbFolder { arguments += ["--mealdb", mealdbFolder.path] }
        if let files { arguments += ["--files", files.path] }
        if let robots { arguments += ["--robots", robots.path] }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // The server must not hold the test runner's stderr open (the runner's parent waits for
        // it to close), and it stops when this pipe closes, even if the tests crash.
        process.standardError = FileHandle.nullDevice
        process.standardInput = lifeline
        try process.run()
        self.process = process
        // The server's first line is {"port": N} once it listens.
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any], let port = object["port"] as? Int else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the local test server did not start"])
        }
        self.port = port
        unacceptingPort = object["unaccepting_port"] as? Int ?? 0
    }

    /// `http://127.0.0.1:PORT/path` (or another loopback host).
    public func url(_ path: String, host: String = "127.0.0.1") -> URL {
        URL(string: "http://\(host):\(port)\(path)")!
    }

    deinit {
        // No waitUntilExit: Foundation on Linux spins a run loop at full CPU while it waits.
        try? lifeline.fileHandleForWriting.close()
        process.terminate()
    }
}
