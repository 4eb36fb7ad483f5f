jest.setTimeout(10_000);
