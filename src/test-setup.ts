import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// The test machine has two cores shared by parallel test files: give findBy* queries room to breathe.
configure({ asyncUtilTimeout: 4000 });

afterEach(cleanup);
