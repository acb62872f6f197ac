import Foundation
import TestSupport

/// A fresh, empty folder under the system's temporary directory for one test.
func makeScratchFolder(_ name: String) throws -> URL { try ChildProcess.scratchFolder("trace-" + name) }
