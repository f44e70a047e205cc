import Foundation

/// What a `LocalServer` was asked, from its `/requests` log: the host, the path and the
/// request's headers (names in lower case), in the order they arrived.
public struct ServerRequest: Decodable, Sendable {
    public var host: String
    public var path: String
    public var headers: [String: String]
}

extension LocalServer {
    /// Every request the server answered so far. Read by Python (which every machine of the
    /// project has), so that a test of the fetcher does not ask the fetcher it tests.
    public func requests() throws -> [ServerRequest] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1]).read())",
                             url("/requests").absoluteString]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = PipeReading.readAll(output.fileHandleForReading)
        process.waitUntilExit()
        return try JSONDecoder().decode([ServerRequest].self, from: data)
    }
}
