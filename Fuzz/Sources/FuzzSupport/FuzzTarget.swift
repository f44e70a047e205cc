import CLibFuzzer
import Foundation

/// The entry point of a fuzz target: libFuzzer's driver, calling `test` with each input.
public enum FuzzTarget {
    /// Set once, before the driver starts; a C function pointer cannot capture it.
    nonisolated(unsafe) private static var test: ((Data) -> Void)?

    public static func run(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, test: @escaping (Data) -> Void) -> CInt {
        Self.test = test
        return larder_fuzz_run(argc, argv) { bytes, count in
            let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
            FuzzTarget.test?(data)
            return 0
        }
    }
}
