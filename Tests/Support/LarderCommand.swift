import Foundation

/// The built `larder` run as a person runs it: its own process, its own environment, standard
/// output and error read as it writes them, the exit status kept. The one way tests run the
/// binary (`Program` underneath).
///
/// The environment is the test's, minus anything that would point Larder at a real user's
/// folders (`LARDER_*`, `XDG_*`), with `HOME` in `home` (the system's temporary folder unless
/// the test gives one), so a test never reads or writes the machine's own library or cache;
/// `environment` is added last.
public enum LarderCommand {
    /// Runs `larder ARGUMENTS` to its end. `unprivileged` runs it as the user `nobody` when the
    /// tests run as root, who may write anywhere: for tests of what Larder may not write.
    public static func run(_ arguments: [String], environment: [String: String] = [:], home: URL? = nil, input: String? = nil,
                           unprivileged: Bool = false, timeout: Duration = Program.defaultTimeout) async throws -> ProgramRun {
        try await program(arguments, environment: environment, home: home, input: input, unprivileged: unprivileged).run(timeout: timeout)
    }

    /// Starts `larder ARGUMENTS` and returns at once, for a test that signals it while it runs.
    public static func start(_ arguments: [String], environment: [String: String] = [:], home: URL? = nil, input: String? = nil) throws -> RunningProgram {
        try program(arguments, environment: environment, home: home, input: input).start()
    }

    /// `larder ARGUMENTS` as a `Program`, for a test that wraps it in another program (`strace`).
    public static func program(_ arguments: [String], environment: [String: String] = [:], home: URL? = nil, input: String? = nil,
                               unprivileged: Bool = false) throws -> Program {
        guard let binary = LarderBinary.url else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the larder binary is not built"])
        }
        var variables = ProcessInfo.processInfo.environment.filter { key, _ in !key.hasPrefix("LARDER_") && !key.hasPrefix("XDG_") }
        variables["HOME"] = (home ?? FileManager.default.temporaryDirectory).path
        variables.merge(environment) { $1 }
        if let home { try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true) }
        if unprivileged && getuid() == 0 {
            return Program("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments,
                           environment: variables, input: input.map { Data($0.utf8) })
        }
        return Program(binary.path, arguments, environment: variables, input: input.map { Data($0.utf8) })
    }
}
