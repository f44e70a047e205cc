import Foundation

/// The built `larder` run as a person runs it, with the environment and the user the test
/// chooses. What it printed and its exit status.
public struct LarderCommand {
    public var status: Int32
    public var output: String
    public var errors: String

    /// Everything it printed, for checks that hold of every message.
    public var printed: String { output + errors }

    /// Runs `larder` with `arguments`. `environment` is added to this process's own, from
    /// which the variables that choose Larder's folders are removed first (so a developer's
    /// `$LARDER_LIBRARY` never leaks into a test). `unprivileged` runs it as the user `nobody`
    /// when the tests run as root, who may write anywhere: for tests of what Larder may not write.
    public static func run(_ arguments: [String], environment: [String: String] = [:], unprivileged: Bool = false) throws -> LarderCommand {
        let binary = try LarderBinary.url ?? { throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "larder is not built"]) }()
        let process = Process()
        if unprivileged && getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var variables = ProcessInfo.processInfo.environment
        for name in ["LARDER_LIBRARY", "XDG_DATA_HOME", "XDG_CACHE_HOME"] { variables[name] = nil }
        variables.merge(environment) { $1 }
        process.environment = variables
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = PipeReading.readAll(output.fileHandleForReading)
        let err = PipeReading.readAll(errors.fileHandleForReading)
        process.waitUntilExit()
        return LarderCommand(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                             errors: String(decoding: err, as: UTF8.self))
    }
}
