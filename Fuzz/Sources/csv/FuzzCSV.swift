import Foundation
import FuzzSupport
import LarderCore
import LarderKit

/// Recipe rows in CSV (Plan to Eat, My Recipe Box, any CSV with a recipe header).
/// Read as `larder import --from csv` reads a file.
// The entry point SwiftPM links this executable with (see CLibFuzzer.h).
@_cdecl("fuzz_csv_main")
public func fuzzTargetMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    FuzzTarget.run(argc, argv, test: fuzzCSV)
}

func fuzzCSV(_ data: Data) {
    FuzzFile.read(data, as: .csv, name: "input.csv")
}
